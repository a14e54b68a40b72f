/**
 * Reading a mini-program's answer to a subscribe-message consent request. WeChat answers each asked
 * template id with 'accept', 'reject', 'ban' or 'filter'; Alipay answers the same way and also lists
 * the templates it subscribed in `result.subscribeEntityIds`.
 */

/** The asked template ids the user accepted, in the order they were asked; nothing for an answer of another shape. */
export function acceptedTemplateIds(asked: readonly string[], answer: unknown): string[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const byId = answer as Record<string, unknown>;
  const result = byId.result as { subscribeEntityIds?: unknown } | undefined;
  const listed = new Set(Array.isArray(result?.subscribeEntityIds) ? result.subscribeEntityIds : []);
  return asked.filter((id, index) => asked.indexOf(id) === index && (byId[id] === 'accept' || listed.has(id)));
}
