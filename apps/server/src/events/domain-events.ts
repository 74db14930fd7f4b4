import type { Tx } from '../db/client.ts';

/**
 * The domain events a transaction records for the modules that must hear of them (decision 338). The
 * module that records one imports none of its subscribers; app.ts hands the subscribers in.
 */
export type DomainEvent = {
  /** Orders that just got their label (`providerId` null: a test-mode label). */
  type: 'order.completed';
  orders: { id: string; providerId: string | null }[];
};

export type DomainEventType = DomainEvent['type'];

/**
 * One module's hearing of events: `handle` runs in the transaction that marks the event delivered to
 * it, so its work and the mark commit together (once), or neither does and the delivery is retried.
 */
export type Subscriber = {
  hears: readonly DomainEventType[];
  handle: (tx: Tx, event: DomainEvent) => Promise<void>;
};

/** The subscribers by name (the name is stored with each outbox row). */
export type Subscribers = Readonly<Record<string, Subscriber>>;
