/**
 * An in-memory cache for answers that can change at any moment, kept correct by invalidation:
 * entries belong to a group (a psychologist, a session), and a reader takes a `ticket` BEFORE it reads
 * the database; storing with that ticket is refused if the group (or everything) was invalidated in
 * between, so a read that raced a write never stores what the write replaced.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<
    string,
    { value: V; group: string; expiresAt: number; weight: number }
  >();
  private readonly keysOfGroup = new Map<string, Set<string>>();
  private readonly groupVersions = new Map<string, number>();
  private version = 0;
  private weight = 0;

  /**
   * At most `maxEntries` in all, the oldest going first; and, when `maxPerGroup` is set, at most that
   * many of one group, so one caller asking many addresses pushes out only their own answers. With a
   * `budget`, the entries' weights (their bytes) stay within `maxWeight` too, the oldest going first;
   * an entry heavier than all of it is not kept.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxPerGroup = Infinity,
    private readonly budget?: { maxWeight: number; weigh: (value: V) => number },
  ) {}

  ticket(group: string) {
    return { group, version: this.version, groupVersion: this.groupVersions.get(group) ?? 0 };
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number, ticket: ReturnType<VersionedCache<V>['ticket']>) {
    if (
      ticket.version !== this.version ||
      ticket.groupVersion !== (this.groupVersions.get(ticket.group) ?? 0)
    ) {
      return;
    }
    const weight = this.budget?.weigh(value) ?? 0;
    if (this.budget && weight > this.budget.maxWeight) return;
    this.delete(key);
    while (
      this.entries.size >= this.maxEntries ||
      (this.budget && this.weight + weight > this.budget.maxWeight)
    ) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    let keys = this.keysOfGroup.get(ticket.group);
    if (!keys) this.keysOfGroup.set(ticket.group, (keys = new Set()));
    if (keys.size >= this.maxPerGroup) {
      // The group's oldest (a Set iterates in insertion order too).
      const oldest = keys.values().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { value, group: ticket.group, expiresAt, weight });
    this.weight += weight;
    keys.add(key);
  }

  /** Everything of one group changed. */
  invalidate(group: string) {
    this.groupVersions.set(group, (this.groupVersions.get(group) ?? 0) + 1);
    for (const key of this.keysOfGroup.get(group) ?? []) this.delete(key);
    this.keysOfGroup.delete(group);
  }

  /** Anything may have changed. */
  clear() {
    this.version += 1;
    this.entries.clear();
    this.keysOfGroup.clear();
    this.groupVersions.clear();
    this.weight = 0;
  }

  get size() {
    return this.entries.size;
  }

  /** The sum of the entries' weights (0 without a budget). */
  get totalWeight() {
    return this.weight;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    this.keysOfGroup.get(entry.group)?.delete(key);
  }
}
