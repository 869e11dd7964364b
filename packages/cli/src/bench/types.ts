/** One section of `tabula bench` and of docs/benchmarks.md. */
export interface BenchSection {
  title: string;
  /** The command that reproduces just this section. */
  command: string;
  /** Markdown body: a table and any notes. */
  markdown: string;
  /** Terminal rows for the printed summary table. */
  rows: Record<string, string | number>[];
}

export interface Benchmark {
  /** Name for `tabula bench --only NAME`. */
  name: string;
  run(opts: { quick: boolean; log: (line: string) => void }): Promise<BenchSection>;
}
