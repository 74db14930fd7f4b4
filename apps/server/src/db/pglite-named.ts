import type { PGlite, Results } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/** The backend messages this module reads, as PGlite's protocol parser gives them. */
type Message = { name: string };
type ParameterDescription = Message & { dataTypeIDs: number[] };
type RowDescription = Message & { fields: { name: string; dataTypeID: number }[] };
type DataRow = Message & { fields: (string | null)[] };
type CommandComplete = Message & { text: string };

type QueryOptions = { rowMode?: 'array' | 'object' };
/** What a statement's Describe told: its parameters' types and its result's columns (none for no rows). */
type Described = { types: number[]; fields: RowDescription['fields'] };

/**
 * Statements the embedded engine keeps parsed and planned under a name, as PostgreSQL's own clients do
 * with the pool's named statements (decision 229). PGlite's `query` sends every statement unnamed: it is
 * parsed and planned again on each call, and a page of the order history spent about 0.8 ms of its 1 ms
 * there. A named statement is parsed once; PostgreSQL then plans it for its values five times and keeps
 * a generic plan when that is no dearer.
 *
 * Only statements registered with `keep` (the hot reads of `preparedOnce`) and only outside a
 * transaction: they run under PGlite's own locks, one statement at a time, as its `query` does. Values
 * are written by PGlite's serializers and fields read by its parsers, so results equal `query`'s.
 */
export class NamedStatements {
  readonly #client: PGlite;
  readonly #names = new Map<string, string>();
  /** The statements parsed so far, by name. */
  readonly #parsed = new Map<string, Described>();

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** Runs `text` as the named statement `name` from now on. */
  keep(text: string, name: string): void {
    this.#names.set(text, name);
  }

  has(text: string): boolean {
    return this.#names.has(text);
  }

  async query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const name = this.#names.get(text)!;
    const client = this.#client;
    const { described, messages } = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const described = this.#parsed.get(name) ?? (await this.#parse(name, text));
        const { types } = described;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const write = client.serializers[types[i]!];
          return write ? write(value) : String(value);
        });
        // The result's columns are the statement's own: PostgreSQL refuses to run a kept plan whose
        // columns would change, so they are described once, when the statement is parsed.
        const result = await client.execProtocol(
          Buffer.concat([
            serialize.bind({ statement: name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return { described, messages: result.messages as Message[] };
      }),
    );
    return this.#results<T>(described, messages, options);
  }

  /** Parses `text` as `name` and learns its parameter and result types; the caller holds PGlite's locks. */
  async #parse(name: string, text: string): Promise<Described> {
    const { messages } = await this.#client.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parameters = (messages as Message[]).find(
      (m): m is ParameterDescription => m.name === 'parameterDescription',
    );
    const row = (messages as Message[]).find((m): m is RowDescription => m.name === 'rowDescription');
    const described = { types: parameters?.dataTypeIDs ?? [], fields: row?.fields ?? [] };
    this.#parsed.set(name, described);
    return described;
  }

  /** The rows of a statement's messages, each field through PGlite's parser for its type. */
  #results<T>({ fields }: Described, messages: Message[], { rowMode = 'object' }: QueryOptions): Results<T> {
    const parsers = fields.map(({ dataTypeID }) => this.#client.parsers[dataTypeID]);
    const rows = messages
      .filter((m): m is DataRow => m.name === 'dataRow')
      .map((m) => {
        const values = m.fields.map((v, i) =>
          v === null ? null : parsers[i] ? parsers[i](v, fields[i]!.dataTypeID) : v,
        );
        return rowMode === 'array' ? values : Object.fromEntries(fields.map((f, i) => [f.name, values[i]]));
      });
    const done = messages.find((m): m is CommandComplete => m.name === 'commandComplete');
    const affected = Number(done?.text.split(' ').at(-1));
    return {
      rows: rows as T[],
      fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      affectedRows: Number.isFinite(affected) ? affected : 0,
    };
  }
}
