// The reseller's own account actions each live in their own file (change-password.ts, label-preference.ts
// ...); this face hands them on to the routes.
export { getEmailStatus, requestEmailChange } from './change-email.ts';
export { changePassword } from './change-password.ts';
export { getLabelPreference, setLabelPreference } from './label-preference.ts';
export { logoutEverywhere } from './logout-everywhere.ts';
export { regenerateApiKey } from './regenerate-api-key.ts';
export { updateProfile } from './update-profile.ts';
