// Types for `edmonds-blossom-fixed` (a port of Joris van Rantwijk's maximum weight matching), which ships none.
declare module 'edmonds-blossom-fixed' {
  /** `edges`: [u, v, weight] with vertices 0..n-1; returns mate[v] (the partner of v, or -1). */
  export default function blossom(edges: [number, number, number][], maxCardinality?: boolean): number[];
}
