import type {
  GatewayMethod,
  GatewayMode,
  PaymentGateway,
  PaymentKind,
  PaypalCredentials,
  SquareCredentials,
  StripeCredentials,
} from './gateway.ts';
import { modeOfOrigin, type GatewayOptions } from './gateway-transport.ts';

type Credentials = Record<string, unknown>;

/**
 * Each kind's gateway (decisions 323 and 325). The companies' official clients are large and most servers
 * never take a card, so a client is loaded the first time its gateway speaks to the company, not when the
 * server starts; what is known without it (the methods, test or live mode) is answered here.
 */
const KINDS: Record<
  PaymentKind,
  {
    methods: readonly GatewayMethod[];
    mode: (credentials: Credentials) => GatewayMode;
    load: () => Promise<(credentials: never, options: GatewayOptions) => PaymentGateway>;
  }
> = {
  stripe: {
    methods: ['stripe'],
    mode: (c) => (/^(sk|rk)_test_/.test((c as StripeCredentials).secretKey) ? 'test' : 'live'),
    load: async () => (await import('./stripe-gateway.ts')).createStripeGateway,
  },
  paypal: {
    methods: ['paypal'],
    mode: (c) =>
      modeOfOrigin((c as PaypalCredentials).baseUrl, ['https://api-m.paypal.com', 'https://api.paypal.com']),
    load: async () => (await import('./paypal-gateway.ts')).createPaypalGateway,
  },
  square: {
    methods: ['cashapp'],
    mode: (c) => modeOfOrigin((c as SquareCredentials).baseUrl, ['https://connect.squareup.com']),
    load: async () => (await import('./square-gateway.ts')).createSquareGateway,
  },
};

/** The gateway of one provider: its client is loaded on its first call to the company. */
export function gatewayOf(
  kind: PaymentKind,
  credentials: Credentials,
  options: GatewayOptions = {},
): PaymentGateway | null {
  const known = KINDS[kind];
  if (!known) return null;
  let loaded: Promise<PaymentGateway> | undefined;
  const gateway = () =>
    (loaded ??= known
      .load()
      .then((create) =>
        (create as (c: Credentials, o: GatewayOptions) => PaymentGateway)(credentials, options),
      ));
  return {
    kind,
    methods: known.methods,
    mode: known.mode(credentials),
    testConnection: async () => (await gateway()).testConnection(),
    createCheckout: async (request) => (await gateway()).createCheckout(request),
    retrieve: async (reference) => (await gateway()).retrieve(reference),
    refund: async (input) => (await gateway()).refund(input),
    verifyWebhook: async (input) => (await gateway()).verifyWebhook(input),
    registerWebhook: async (url) => (await gateway()).registerWebhook(url),
    removeWebhook: async (webhookId) => (await gateway()).removeWebhook(webhookId),
  };
}

export * from './gateway.ts';
