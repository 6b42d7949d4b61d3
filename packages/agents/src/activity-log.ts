/** One line of an agent's recent activity. */
export interface ActivityEntry {
  at: string;
  message: string;
}

/** The last `capacity` things an agent did or decided, newest last (GET /agents/:id/activity). */
export class ActivityLog {
  private readonly entries: ActivityEntry[] = [];

  constructor(private readonly capacity = 100) {}

  add(message: string): void {
    this.entries.push({ at: new Date().toISOString(), message });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  recent(limit = this.capacity): ActivityEntry[] {
    return this.entries.slice(-limit);
  }
}
