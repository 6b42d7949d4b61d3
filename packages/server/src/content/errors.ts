/**
 * Thrown by loadContent when the manifests are unusable. It carries every problem found in one
 * pass (syntax, schema and cross-reference), so a content author fixes them all in one round.
 */
export class ContentError extends Error {
  readonly issues: readonly string[];

  constructor(issues: readonly string[]) {
    const shown = issues.slice(0, 200);
    const more = issues.length > shown.length ? `\n  … and ${issues.length - shown.length} more` : '';
    super(
      `content failed validation with ${issues.length} issue(s):\n${shown.map((i) => `  - ${i}`).join('\n')}${more}`,
    );
    this.name = 'ContentError';
    this.issues = issues;
  }
}

/** Collects issues while loading; order of discovery is kept. */
export class IssueList {
  private readonly items: string[] = [];

  /** Records `file: message`. */
  add(file: string, message: string): void {
    this.items.push(`${file}: ${message}`);
  }

  get all(): readonly string[] {
    return this.items;
  }

  get count(): number {
    return this.items.length;
  }
}
