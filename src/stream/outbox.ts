/**
 * What a session sends: messages to the parser's sink (none while it seeds from history), and the
 * components and data-model messages it makes, in the version's wire form.
 */
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';
import type { DataModelUpdate } from './data-model.js';

type Body = Readonly<Record<string, unknown>>;

export class Outbox {
  /** While seeding from history: nothing is emitted. */
  seeding = false;

  constructor(
    private readonly spec: VersionSpec,
    private readonly sink: (message: Body, whole: boolean) => void,
  ) {}

  /** Emits `message`, unless seeding. */
  emit(message: Body, whole = true): void {
    if (!this.seeding) this.sink(message, whole);
  }

  /**
   * Emits a components message for surface `surfaceId`.
   * @param whole With full snapshots: whether it is the surface's whole tree (it supersedes the
   *   surface's earlier ones), not only what changed (a surface whose tree is unknown).
   */
  emitComponents(surfaceId: string, components: readonly WireComponent[], whole: boolean): void {
    this.emit(this.componentsMessage(surfaceId, components), whole);
  }

  /** Emits a data-model message for `update` of the message whose body is `body`. */
  emitDataModel(body: Body, update: DataModelUpdate): void {
    this.emit(this.dataModelMessage(body, update));
  }

  private componentsMessage(surfaceId: string, components: readonly WireComponent[]): Body {
    const body = { surfaceId, components };
    return this.spec.wireVersion === undefined
      ? { [this.spec.components]: body }
      : { version: this.spec.wireVersion, [this.spec.components]: body };
  }

  private dataModelMessage(body: Body, update: DataModelUpdate): Body {
    const surfaceId = body.surfaceId as string;
    if (update.kind === 'contents') {
      const path = typeof body.path === 'string' ? { path: body.path } : {};
      return { [this.spec.dataModel]: { surfaceId, ...path, contents: update.contents } };
    }
    const path = update.path === '/' && body.path === undefined ? {} : { path: update.path };
    return { version: this.spec.wireVersion, [this.spec.dataModel]: { surfaceId, ...path, value: update.value } };
  }
}
