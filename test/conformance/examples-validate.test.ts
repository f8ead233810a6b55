/**
 * Every example of the specification's basic catalogs validates against `basicCatalog(version)`
 * and against the catalog compiled from the specification's own JSON files; mutated examples are
 * rejected with the right category by both.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { basicCatalog, catalogFromJsonSchema } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { isA2uiError } from '../../src/errors.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { validateMessages } from '../../src/validate/index.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

type Message = Record<string, unknown>;
type Component = Record<string, unknown>;

interface VersionSetup {
  readonly version: ProtocolVersion;
  /** Folder of the version's JSON files and catalog. */
  readonly dir: string;
  /** Folder whose examples are used (v0.9.1 borrows v0.9's). */
  readonly examplesDir: string;
  /** The message envelope schema file under `<dir>/json/`. */
  readonly s2c: string;
  /** The catalog file under `<dir>/`. */
  readonly catalog: string;
  /** Rewrites the `version` field of borrowed examples. */
  readonly relabel?: string;
}

const SETUPS: readonly VersionSetup[] = [
  { version: '0.8', dir: 'v0_8', examplesDir: 'v0_8', s2c: 'server_to_client.json', catalog: 'json/standard_catalog_definition.json' },
  { version: '0.9', dir: 'v0_9', examplesDir: 'v0_9', s2c: 'server_to_client.json', catalog: 'catalogs/basic/catalog.json' },
  {
    version: '0.9.1',
    dir: 'v0_9_1',
    examplesDir: 'v0_9',
    s2c: 'server_to_client.json',
    catalog: 'catalogs/basic/catalog.json',
    relabel: 'v0.9.1',
  },
  { version: '1.0', dir: 'v1_0', examplesDir: 'v1_0', s2c: 'agent_to_renderer.json', catalog: 'catalogs/basic/catalog.json' },
];

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

function compiledCatalog(setup: VersionSetup): Catalog {
  const base = resolve(SPEC_DIR, setup.dir);
  const commonTypes = resolve(base, 'json/common_types.json');
  return catalogFromJsonSchema({
    version: setup.version,
    catalog: readJson(resolve(base, setup.catalog)),
    s2c: readJson(resolve(base, 'json', setup.s2c)),
    ...(existsSync(commonTypes) ? { commonTypes: readJson(commonTypes) } : {}),
  });
}

function examplesOf(setup: VersionSetup): [string, Message[]][] {
  const dir = resolve(SPEC_DIR, setup.examplesDir, 'catalogs/basic/examples');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const content: unknown = JSON.parse(readFileSync(resolve(dir, file), 'utf8'));
      const messages = (Array.isArray(content) ? content : (content as { messages: Message[] }).messages) as Message[];
      const relabelled = setup.relabel === undefined ? messages : messages.map((m) => ({ ...m, version: setup.relabel }));
      return [file, relabelled];
    });
}

/** The category `run` throws, or `'none'`. */
function categoryOf(run: () => void): string {
  try {
    run();
  } catch (error) {
    return isA2uiError(error) ? error.category : `foreign error: ${String(error)}`;
  }
  return 'none';
}

// ---- mutations -------------------------------------------------------------------------------

const clone = <T>(value: T): T => structuredClone(value);

/** The components list of each components message, with the v0.8 nesting hidden. */
function componentLists(messages: Message[], version: ProtocolVersion): Component[][] {
  const key = version === '0.8' ? 'surfaceUpdate' : 'updateComponents';
  return messages.flatMap((m) => {
    const body = m[key] as { components?: Component[] } | undefined;
    return body?.components ? [body.components] : [];
  });
}

/** Type name and props object of a wire component. */
function typeAndProps(component: Component, version: ProtocolVersion): [string, Record<string, unknown>] {
  if (version === '0.8') {
    const wrapper = component.component as Record<string, Record<string, unknown>>;
    const name = Object.keys(wrapper)[0]!;
    return [name, wrapper[name]!];
  }
  return [component.component as string, component];
}

function setType(component: Component, version: ProtocolVersion, name: string): void {
  if (version === '0.8') {
    const [, props] = typeAndProps(component, version);
    component.component = { [name]: props };
  } else component.component = name;
}

/** The first component (in list order) whose type is `type`. */
function find(messages: Message[], version: ProtocolVersion, test: (type: string, props: Record<string, unknown>) => boolean) {
  for (const list of componentLists(messages, version)) {
    for (const component of list) {
      const [type, props] = typeAndProps(component, version);
      if (test(type, props)) return { component, type, props };
    }
  }
  return undefined;
}

/** Builds `{id, Type props}` in the version's wire form. */
function wire(version: ProtocolVersion, id: string, type: string, props: Record<string, unknown>): Component {
  return version === '0.8' ? { id, component: { [type]: props } } : { id, component: type, ...props };
}

/** Two Cards pointing at each other, hung under the first Card (whose old child is left out). */
function addCycle(messages: Message[], version: ProtocolVersion): void {
  const card = find(messages, version, (type) => type === 'Card');
  if (card === undefined) throw new Error('example has no Card');
  card.props.child = 'cycle_a';
  const list = componentLists(messages, version)[0]!;
  list.push(wire(version, 'cycle_a', 'Card', { child: 'cycle_b' }));
  list.push(wire(version, 'cycle_b', 'Card', { child: 'cycle_a' }));
}

/** A v0.8/v0.9+ Text with `text` set to a number. */
function wrongTextType(messages: Message[], version: ProtocolVersion): void {
  const text = find(messages, version, (type) => type === 'Text');
  if (text === undefined) throw new Error('example has no Text');
  text.props.text = 42;
}

interface Mutation {
  readonly name: string;
  readonly category: string;
  readonly apply: (messages: Message[], version: ProtocolVersion) => void;
}

const MUTATIONS: readonly Mutation[] = [
  {
    name: 'unknown component type',
    category: 'ValidationError',
    apply: (messages, version) => setType(componentLists(messages, version)[0]![0]!, version, 'Hologram'),
  },
  {
    name: 'missing required property',
    category: 'ValidationError',
    apply: (messages, version) => {
      const text = find(messages, version, (type) => type === 'Text');
      delete text!.props.text;
    },
  },
  { name: 'wrong property type', category: 'ValidationError', apply: wrongTextType },
  {
    name: 'extra property where the schema forbids it',
    category: 'ValidationError',
    apply: (messages, version) => {
      const text = find(messages, version, (type) => type === 'Text');
      text!.props.blinkRate = 3;
    },
  },
  {
    name: 'dangling child',
    category: 'IntegrityError',
    apply: (messages, version) => {
      const card = find(messages, version, (type) => type === 'Card');
      card!.props.child = 'no_such_component';
    },
  },
  { name: 'cycle', category: 'RecursionError', apply: addCycle },
];

/** An example with a Card and a Text in one components message (to mutate). */
function mutationBase(examples: [string, Message[]][], version: ProtocolVersion): [string, Message[]] {
  const found = examples.find(([, messages]) => {
    const lists = componentLists(messages, version);
    return (
      lists.length === 1 && find(messages, version, (type) => type === 'Card') !== undefined && find(messages, version, (type) => type === 'Text') !== undefined
    );
  });
  if (found === undefined) throw new Error(`no example with one components message, a Card and a Text for ${version}`);
  return found;
}

// ---- tests -------------------------------------------------------------------------------------

for (const setup of SETUPS) {
  const specDir = resolve(SPEC_DIR, setup.dir);
  sharedSuite(`spec examples v${setup.version}`, specDir, () => {
    const examples = examplesOf(setup);
    const catalogs: [string, () => Catalog][] = [
      ['basicCatalog', () => basicCatalog(setup.version)],
      ['catalogFromJsonSchema', () => compiledCatalog(setup)],
    ];

    it('has examples', () => expect(examples.length).toBeGreaterThan(0));

    for (const [file, messages] of examples) {
      for (const [name, catalog] of catalogs) {
        it(`${file} validates against ${name}`, () => {
          expect(() => validateMessages(messages, catalog())).not.toThrow();
        });
      }
    }

    const [baseFile, baseMessages] = mutationBase(examples, setup.version);
    it(`mutation base ${baseFile} is valid`, () => {
      for (const [, catalog] of catalogs) validateMessages(baseMessages, catalog());
    });
    for (const mutation of MUTATIONS) {
      it(`rejects ${mutation.name} (${baseFile}) with ${mutation.category} in both catalogs`, () => {
        const messages = clone(baseMessages);
        mutation.apply(messages, setup.version);
        const categories = catalogs.map(([name, catalog]) => [name, categoryOf(() => validateMessages(messages, catalog()))]);
        expect(categories).toEqual(catalogs.map(([name]) => [name, mutation.category]));
      });
    }
  });
}
