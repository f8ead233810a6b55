/** `--catalog` values: `basic@<version>` or a JSON Schema catalog file; a default by sniffing. */
import { readFile } from 'node:fs/promises';
import { basicCatalog, catalogFromJsonSchema, isProtocolVersion, PROTOCOL_VERSIONS, type Catalog, type ProtocolVersion } from '../index.js';
import { UsageError } from './args.js';

/** Help text describing `--catalog`. */
export const CATALOG_HELP = `  --catalog <c>        basic@0.8, basic@0.9, basic@0.9.1, basic@1.0, or a JSON Schema
                       catalog file (FILE or FILE@VERSION; the version is otherwise read
                       from the catalog's id, else taken from the input). Repeatable; the
                       first is the default. Default: the basic catalog of the protocol
                       version the input uses.
  --common-types <f>   common_types.json that file catalogs refer to (spec catalogs do).`;

/** What `--catalog` and `--common-types` said. */
export interface CatalogArgs {
  readonly catalog?: string[] | undefined;
  readonly 'common-types'?: string | undefined;
}

/** Loads the catalogs named by `--catalog` values, or the basic catalog of the input's version. */
export async function loadCatalogs(command: string, args: CatalogArgs, input: string): Promise<Catalog[]> {
  const inputVersion = sniffVersion(input);
  const values = args.catalog ?? [];
  if (values.length === 0) return [basicCatalog(inputVersion)];
  const commonTypes = args['common-types'] === undefined ? undefined : await readJson(command, args['common-types'], 'common types');
  const catalogs: Catalog[] = [];
  for (const value of values) catalogs.push(await loadCatalog(command, value, inputVersion, commonTypes));
  return catalogs;
}

async function readJson(command: string, path: string, what: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} '${path}': ${(error as NodeJS.ErrnoException).code ?? String(error)}`, command);
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new UsageError(`${what} '${path}' is not a JSON object`, command);
}

async function loadCatalog(command: string, value: string, inputVersion: ProtocolVersion, commonTypes: Record<string, unknown> | undefined): Promise<Catalog> {
  if (value.startsWith('basic@')) {
    const version = value.slice('basic@'.length);
    if (!isProtocolVersion(version)) {
      throw new UsageError(`unknown catalog '${value}': use basic@${PROTOCOL_VERSIONS.join(', basic@')} or a file`, command);
    }
    return basicCatalog(version);
  }
  const suffix = /@(0\.8|0\.9\.1|0\.9|1\.0)$/.exec(value);
  const path = suffix ? value.slice(0, suffix.index) : value;
  const document = await readJson(command, path, 'catalog');
  const version = (suffix?.[1] as ProtocolVersion | undefined) ?? versionOfCatalog(document) ?? inputVersion;
  try {
    return catalogFromJsonSchema({ version, catalog: document, ...(commonTypes ? { commonTypes } : {}) });
  } catch (error) {
    throw new UsageError(`catalog '${path}' (v${version}) cannot be used: ${(error as Error).message}`, command);
  }
}

/** The version a spec catalog's id names (`…/v0_9/…`), if any. */
function versionOfCatalog(document: Record<string, unknown>): ProtocolVersion | undefined {
  const id = [document.catalogId, document.$id].find((x) => typeof x === 'string') as string | undefined;
  const match = id === undefined ? null : /\/v(\d+)_(\d+)(?:_(\d+))?\//.exec(id);
  if (!match) return undefined;
  const version = [match[1], match[2], match[3]].filter((x) => x !== undefined).join('.');
  return isProtocolVersion(version) ? version : undefined;
}

/** The protocol version a response or message list most likely uses (default 0.9). */
export function sniffVersion(input: string): ProtocolVersion {
  const wire = /"version"\s*:\s*"v(0\.9\.1|0\.9|1\.0)"/.exec(input)?.[1];
  if (wire !== undefined && isProtocolVersion(wire)) return wire;
  if (/"(beginRendering|surfaceUpdate|dataModelUpdate)"/.test(input)) return '0.8';
  return '0.9';
}
