/** Freezes a plain-data value and everything reachable from it (typed arrays cannot be frozen and are skipped). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  Object.freeze(value);
  for (const k of Object.keys(value as object)) deepFreeze((value as Record<string, unknown>)[k]);
  return value;
}
