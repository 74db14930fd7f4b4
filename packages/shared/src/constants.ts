/** Business constants from spec section 9. */
export const PAGE_SIZE = { orders: 10, invoices: 10, courierOrders: 20 } as const;
export const POLL_INTERVAL_MS = 5000;
export const MESSAGE_DURATION_MS = 3000;
export const REGISTER_REDIRECT_MS = 2500;
export const FORGOT_REDIRECT_MS = 3000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const MIN_QUANTITY = 1;
export const MIN_DEPOSIT = 1;
export const DEFAULT_API_PORT = 7400;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DISCORD_ID_MAX_LENGTH = 64;
export const USERNAME_MAX_LENGTH = 80;

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Digits in a one-time code (e-mail verification and password reset). */
export const OTP_LENGTH = 6;
/** Minutes a one-time code stays valid. */
export const OTP_LIFETIME_MINUTES = 10;
