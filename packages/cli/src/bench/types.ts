/** One section of `tabula bench` and of docs/benchmarks.md. */
export interface BenchSection {
  title: string;
  /** The command that reproduces just this section. */
  command: string;
  /** Markdown body: a table and any notes. */
  markdown: string;
  /** Terminal rows for the printed summary table. */
  rows: Record<string, string | number>[];
  /** What the developer must see (e.g. a speed that fell against the recorded figure): printed at the end of the run. */
  warnings?: string[];
}

export interface Benchmark {
  /** Name for `tabula bench --only NAME`. */
  name: string;
  /** `previous`: the benchmarks file as it was before this run ('' when absent), e.g. to compare with its figures. */
  run(opts: { quick: boolean; log: (line: string) => void; previous?: string }): Promise<BenchSection>;
}
