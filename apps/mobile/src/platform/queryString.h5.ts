/**
 * H5 only: takes the place of the query-string package for Taro's router (see config/index.ts),
 * which reads a page's parameters with its `parse` alone; the package and its three helpers were
 * about 3 KB gzip of the entry's script. Same answers for the router's two calls: keys sorted,
 * a repeated key an array, a key without `=` null; with `decode: false` the text stays as written.
 */
type Parsed = Record<string, string | null | (string | null)[]>;

/** Decodes what decodes; a malformed escape stays as written rather than failing the page. */
function decodeText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(%[\da-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

export function parse(query: unknown, { decode = true }: { decode?: boolean } = {}): Parsed {
  const found: Parsed = Object.create(null);
  if (typeof query !== 'string') return found;
  for (const parameter of query
    .trim()
    .replace(/^[?#&]/, '')
    .split('&')) {
    if (!parameter) continue;
    const text = decode ? parameter.replaceAll('+', ' ') : parameter;
    const equals = text.indexOf('=');
    const key = equals === -1 ? text : text.slice(0, equals);
    const raw = equals === -1 ? null : text.slice(equals + 1);
    const name = decode ? decodeText(key) : key;
    const value = raw !== null && decode ? decodeText(raw) : raw;
    const earlier = found[name];
    found[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  const sorted: Parsed = Object.create(null);
  for (const key of Object.keys(found).sort()) sorted[key] = found[key]!;
  return sorted;
}

export default { parse };
