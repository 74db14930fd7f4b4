import type { PGlite, Results } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/** The backend messages this module reads, as PGlite's protocol parser gives them. */
type Message = { name: string };
type ParameterDescription = Message & { dataTypeIDs: number[] };
type RowDescription = Message & { fields: { name: string; dataTypeID: number }[] };
type DataRow = Message & { fields: (string | null)[] };
type CommandComplete = Message & { text: string };

type QueryOptions = { rowMode?: 'array' | 'object' };

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
  /** Parameter types of the statements parsed so far, by name. */
  readonly #parsed = new Map<string, number[]>();

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
    const messages = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const types = this.#parsed.get(name) ?? (await this.#parse(name, text));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const write = client.serializers[types[i]!];
          return write ? write(value) : String(value);
        });
        const result = await client.execProtocol(
          Buffer.concat([
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return result.messages as Message[];
      }),
    );
    return this.#results<T>(messages, options);
  }

  /** Parses `text` as `name` and learns its parameter types; the caller holds PGlite's locks. */
  async #parse(name: string, text: string): Promise<number[]> {
    const { messages } = await this.#client.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described = (messages as Message[]).find(
      (m): m is ParameterDescription => m.name === 'parameterDescription',
    );
    const types = described?.dataTypeIDs ?? [];
    this.#parsed.set(name, types);
    return types;
  }

  /** The rows of a statement's messages, each field through PGlite's parser for its type. */
  #results<T>(messages: Message[], { rowMode = 'object' }: QueryOptions): Results<T> {
    const described = messages.find((m): m is RowDescription => m.name === 'rowDescription');
    const fields = described?.fields ?? [];
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
