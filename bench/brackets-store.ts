// brackets-manager's storage for the benches: the same behaviour as
// brackets-memory-db (rows get ids 0, 1, 2, ... per table; selects hand out copies;
// an update by id replaces the row, an update by filter merges objects one level
// deep), with the rows kept by id and one index per set of filtered columns. The
// memory database scans a table on every insert (for the next id) and select, so
// creating a 10,000-player double elimination took it 32 s and a result 16 ms:
// that measures the database, not the library. With this store the figures are
// brackets-manager's own work.

import type { CrudInterface, DataTypes, Id, OmitId, Table } from "brackets-model";

type Row = { id: Id } & Record<string, unknown>;

const copy = <T>(row: T): T => structuredClone(row);

class TableStore {
  readonly rows: (Row | undefined)[] = [];
  /** Filter columns joined by "," -> (their values joined by "\u0000" -> ids). */
  private readonly indexes = new Map<string, { columns: string[]; byValue: Map<string, Id[]> }>();

  private keyOf(columns: readonly string[], row: Record<string, unknown>): string {
    return columns.map((c) => String(row[c])).join("\u0000");
  }

  private add(row: Row): void {
    for (const index of this.indexes.values()) {
      const key = this.keyOf(index.columns, row);
      let ids = index.byValue.get(key);
      if (!ids) index.byValue.set(key, (ids = []));
      ids.push(row.id);
    }
  }

  private remove(row: Row): void {
    for (const index of this.indexes.values()) {
      const ids = index.byValue.get(this.keyOf(index.columns, row));
      const at = ids?.indexOf(row.id) ?? -1;
      if (at >= 0) ids!.splice(at, 1);
    }
  }

  insert(values: Record<string, unknown>): Id {
    const row = { ...values, id: this.rows.length } as Row;
    this.rows.push(row);
    this.add(row);
    return row.id;
  }

  /** Ids of the rows matching a filter, in id order. */
  find(filter: Record<string, unknown>): Id[] {
    const columns = Object.keys(filter).sort();
    const name = columns.join(",");
    let index = this.indexes.get(name);
    if (!index) {
      index = { columns, byValue: new Map() };
      this.indexes.set(name, index);
      for (const row of this.rows) {
        if (!row) continue;
        const key = this.keyOf(columns, row);
        let ids = index.byValue.get(key);
        if (!ids) index.byValue.set(key, (ids = []));
        ids.push(row.id);
      }
    }
    // An index key stringifies values; keep only exact matches (as the memory database compares with ===).
    const ids = index.byValue.get(this.keyOf(columns, filter)) ?? [];
    return ids.filter((id) => columns.every((c) => this.rows[id as number]![c] === filter[c])).sort((a, b) => (a as number) - (b as number));
  }

  replace(id: Id, value: Row): void {
    const old = this.rows[id as number];
    if (!old) throw new Error(`no row ${id}`);
    this.remove(old);
    this.rows[id as number] = value;
    this.add(value);
  }

  drop(id: Id): void {
    const old = this.rows[id as number];
    if (old) this.remove(old);
    this.rows[id as number] = undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

export class IndexedStore implements CrudInterface {
  private tables = new Map<string, TableStore>();

  private table(name: string): TableStore {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = new TableStore()));
    return t;
  }

  insert<T extends Table>(table: T, value: OmitId<DataTypes[T]>): Promise<number>;
  insert<T extends Table>(table: T, values: OmitId<DataTypes[T]>[]): Promise<boolean>;
  async insert<T extends Table>(table: T, values: OmitId<DataTypes[T]> | OmitId<DataTypes[T]>[]): Promise<number | boolean> {
    const t = this.table(table);
    if (Array.isArray(values)) {
      for (const v of values) t.insert(v as Record<string, unknown>);
      return true;
    }
    return t.insert(values as Record<string, unknown>) as number;
  }

  select<T extends Table>(table: T): Promise<DataTypes[T][] | null>;
  select<T extends Table>(table: T, id: Id): Promise<DataTypes[T] | null>;
  select<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<DataTypes[T][] | null>;
  async select<T extends Table>(table: T, arg?: Id | Partial<DataTypes[T]>): Promise<DataTypes[T][] | DataTypes[T] | null> {
    const t = this.table(table);
    if (arg === undefined) return t.rows.filter((r): r is Row => r !== undefined).map(copy) as unknown as DataTypes[T][];
    if (typeof arg === "number" || typeof arg === "string") {
      const row = t.rows[arg as number];
      return row ? (copy(row) as unknown as DataTypes[T]) : null;
    }
    return t.find(arg as Record<string, unknown>).map((id) => copy(t.rows[id as number]!)) as unknown as DataTypes[T][];
  }

  update<T extends Table>(table: T, id: Id, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(table: T, filter: Partial<DataTypes[T]>, value: Partial<DataTypes[T]>): Promise<boolean>;
  async update<T extends Table>(table: T, arg: Id | Partial<DataTypes[T]>, value: DataTypes[T] | Partial<DataTypes[T]>): Promise<boolean> {
    const t = this.table(table);
    if (typeof arg === "number" || typeof arg === "string") {
      if (!t.rows[arg as number]) return false;
      t.replace(arg, { ...(value as Record<string, unknown>), id: arg } as Row);
      return true;
    }
    for (const id of t.find(arg as Record<string, unknown>)) {
      const existing = copy(t.rows[id as number]!);
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        if (isObject(existing[key]) && isObject(v)) Object.assign(existing[key], v);
        else existing[key] = v;
      }
      t.replace(id, existing);
    }
    return true;
  }

  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    const t = this.table(table);
    if (!filter) {
      this.tables.set(table, new TableStore());
      return true;
    }
    for (const id of t.find(filter as Record<string, unknown>)) t.drop(id);
    return true;
  }
}
