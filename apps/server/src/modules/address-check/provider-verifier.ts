import type { AddressWarning, ShipmentAddresses } from '@portal/shared';
import type { ProviderClient } from '../../labels/providers/upstream/provider-client.ts';
import type {
  AddressToVerify,
  AddressVerification,
} from '../../labels/providers/upstream/upstream-adapter.ts';
import type { AddressVerifier } from './address-verifier.ts';

/**
 * A provider's address verification as an `AddressVerifier` (issue 38 #5, decision 291): EasyPost verify
 * or Shippo validation answers for both addresses of a shipment routed to it, in the same fields
 * (`ToZip`, `FromCity`...) as the offline check. Asking never holds a purchase up: an answer not back
 * within `timeoutMs`, or a provider that cannot be asked, gives the offline check's answer instead.
 * Answers are cached per provider and address, so one address is paid for once a day.
 */
export type ProviderVerifierOptions = {
  client: ProviderClient & Required<Pick<ProviderClient, 'verifyAddress'>>;
  fallback: AddressVerifier;
  cache: VerificationCache;
  timeoutMs?: number;
  /** Takes one paid call from the reseller's allowance; false when it is spent (decision 313). */
  ration?: () => Promise<boolean>;
};

const PROVIDER_NAMES = { labelport: 'The upstream portal', easypost: 'EasyPost', shippo: 'Shippo' } as const;
const FIELDS: Record<string, string> = {
  street1: 'Street',
  street2: 'Street2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  address: 'Street',
};

type Side = 'From' | 'To';
/** Order and CSV records carry the street too; the shared shape names only what the offline table reads. */
type WithStreets = ShipmentAddresses & Partial<Record<`${Side}${'Street' | 'Street2' | 'Name'}`, string>>;

const addressOf = (address: WithStreets, side: Side): AddressToVerify => ({
  name: address[`${side}Name`],
  street1: address[`${side}Street`] ?? '',
  street2: address[`${side}Street2`] || undefined,
  city: address[`${side}City`],
  state: address[`${side}State`],
  zip: address[`${side}Zip`],
  country: address[`${side}Country`],
});

const titleCase = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const zip5 = (zip: string) => zip.replace(/\D/g, '').slice(0, 5);

/** The provider's answer as warnings: what it could not verify, and where its address differs. */
export function warningsOf(
  provider: string,
  side: Side,
  asked: AddressToVerify,
  answer: AddressVerification,
) {
  const warnings: AddressWarning[] = [];
  if (!answer.isValid) {
    const messages = answer.messages.length ? answer.messages : [{ field: 'address', message: 'not found' }];
    for (const m of messages)
      warnings.push({
        field: `${side}${FIELDS[m.field] ?? 'Street'}`,
        message: `${provider} could not verify the ${side} address: ${m.message}`,
        suggestion: null,
      });
    return warnings;
  }
  const found = answer.verified;
  if (!found) return warnings;
  if (found.zip && zip5(found.zip) !== zip5(asked.zip).padStart(5, '0'))
    warnings.push({
      field: `${side}Zip`,
      message: `${provider} verified this address with ZIP ${zip5(found.zip)}, not ${asked.zip.trim()}`,
      suggestion: zip5(found.zip),
    });
  if (found.city && !same(found.city, asked.city))
    warnings.push({
      field: `${side}City`,
      message: `${provider} verified this address in ${titleCase(found.city)}, not ${asked.city.trim()}`,
      suggestion: titleCase(found.city),
    });
  if (found.state && !same(found.state, asked.state))
    warnings.push({
      field: `${side}State`,
      message: `${provider} verified this address in ${found.state.toUpperCase()}, not ${asked.state.trim()}`,
      suggestion: found.state.toUpperCase(),
    });
  return warnings;
}

export type VerificationCache = {
  get(key: string): AddressVerification | undefined;
  set(key: string, answer: AddressVerification): void;
};

/** Answers kept `ttlMs` (a day by default), at most `max` of them (the oldest go first). */
export function createVerificationCache({
  ttlMs = 24 * 60 * 60 * 1000,
  max = 10_000,
} = {}): VerificationCache {
  const entries = new Map<string, { answer: AddressVerification; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.answer;
      entries.delete(key);
      return undefined;
    },
    set(key, answer) {
      entries.delete(key);
      entries.set(key, { answer, until: Date.now() + ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
  };
}

const keyOf = (providerId: string, address: AddressToVerify) =>
  [
    providerId,
    address.street1,
    address.street2 ?? '',
    address.city,
    address.state,
    address.zip,
    address.country ?? 'US',
  ]
    .map((part) => part.trim().toUpperCase())
    .join('|');

const withinTime = <T>(work: Promise<T>, timeoutMs: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export function createProviderVerifier(options: ProviderVerifierOptions): AddressVerifier {
  const { client, fallback, cache, timeoutMs = 5_000, ration } = options;
  const provider = PROVIDER_NAMES[client.kind];
  async function verify(address: AddressToVerify): Promise<AddressVerification> {
    const key = keyOf(client.id, address);
    const cached = cache.get(key);
    if (cached) return cached;
    if (ration && !(await ration())) throw new Error('the reseller verified enough addresses this minute');
    const answer = await withinTime(client.verifyAddress(address), timeoutMs);
    cache.set(key, answer);
    return answer;
  }
  return {
    name: `${client.kind}-verification`,
    async verifyShipment(shipment) {
      const sides = (['From', 'To'] as const).map((side) => ({ side, asked: addressOf(shipment, side) }));
      try {
        const answers = await Promise.all(sides.map(({ asked }) => verify(asked)));
        return sides.flatMap(({ side, asked }, i) => warningsOf(provider, side, asked, answers[i]!));
      } catch {
        // The provider could not be asked now: the offline table answers, the purchase goes on.
        return fallback.verifyShipment(shipment);
      }
    },
  };
}
