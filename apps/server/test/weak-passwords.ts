/** The weak passwords of issue 16 and the exact refusals the server gives for them. */
export const WEAK = {
  repeated:
    'Password is too easy to guess. Repeated characters like "aaa" are easy to guess. ' +
    'Add more words that are less common. Avoid repeated words and characters.',
  discordName:
    'Password is too easy to guess. It contains your Discord Name. Add more words that are less common.',
  common:
    'Password is too easy to guess. This is a commonly used password. Add more words that are less common.',
} as const;

/** 'aaaaaaaa', 'eight spaces', 'the Discord Name itself' or a literal password. */
export const weakPassword = (shape: string, discordId: string): string =>
  ({ aaaaaaaa: 'aaaaaaaa', 'eight spaces': ' '.repeat(8), 'the Discord Name itself': discordId })[shape] ??
  shape;
