/**
 * The `email` entry in local storage (spec section 3): the address entered on /forgot, or added in Account
 * Settings, that /reset and /verify send with the code. Removed once the code has been used.
 */
const KEY = 'email';

export const getStoredEmail = (): string | null => {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
};

export const storeEmail = (email: string): void => {
  try {
    window.localStorage.setItem(KEY, email);
  } catch {
    // storage disabled: the next page asks for the address again
  }
};

export const removeStoredEmail = (): void => {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
};
