/** The users module's face: account rows as the other modules read them, and the session user view. */
export {
  findApiKeyOwner,
  findUserByDiscordId,
  findUserById,
  insertUser,
  markSeen,
  updateUser,
  type NewUser,
  type UserRow,
} from './users.repository.ts';
export { toSessionUser } from './user-view.ts';
export {
  claimTotpStep,
  clearSecret,
  enableSecret,
  setPendingSecret,
} from './two-factor-secret.repository.ts';
