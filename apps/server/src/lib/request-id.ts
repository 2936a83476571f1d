/** Request ids: a random prefix per generator plus a counter (unique, and far cheaper than a UUID each). */
export function requestIdGenerator(): () => string {
  const prefix = crypto.randomUUID().slice(0, 8);
  let seq = 0;
  return () => `${prefix}-${(++seq).toString(36)}`;
}
