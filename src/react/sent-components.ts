import type { A2uiMessage } from '../index.js';

type Obj = Record<string, unknown>;

/**
 * The last form of each component the renderer was given, per surface, as JSON: a components
 * message is applied without the components whose form the renderer holds already. With full
 * snapshots the stream re-sends a surface's whole tree on each change; web_core would validate
 * each component again and tell its views of an update, so only the changed ones go.
 */
export class SentComponents {
  private readonly bySurface = new Map<string, Map<string, string>>();

  /** `message` without the components the renderer holds in that form; `undefined`: nothing left. */
  withoutSent(message: A2uiMessage): A2uiMessage | undefined {
    const body = message.updateComponents as Obj | undefined;
    if (typeof body?.surfaceId !== 'string' || !Array.isArray(body.components)) return message;
    const sent = this.bySurface.get(body.surfaceId);
    if (sent === undefined) return message;
    const components: unknown[] = body.components;
    const changed = components.filter((c) => {
      const id = (c as Obj | null)?.id;
      return typeof id !== 'string' || sent.get(id) !== JSON.stringify(c);
    });
    if (changed.length === components.length) return message;
    return changed.length === 0 ? undefined : ({ ...message, updateComponents: { ...body, components: changed } } as A2uiMessage);
  }

  /** Notes what an applied message gave the renderer (a start or delete forgets the surface's). */
  applied(kind: string, surfaceId: string, message: A2uiMessage): void {
    if (kind === 'createSurface' || kind === 'deleteSurface') {
      this.bySurface.delete(surfaceId);
      return;
    }
    if (kind !== 'updateComponents') return;
    const components = (message.updateComponents as Obj).components;
    if (!Array.isArray(components)) return;
    let sent = this.bySurface.get(surfaceId);
    if (sent === undefined) this.bySurface.set(surfaceId, (sent = new Map()));
    for (const c of components) {
      const id = (c as Obj | null)?.id;
      if (typeof id === 'string') sent.set(id, JSON.stringify(c));
    }
  }

  /** Forgets every surface. */
  clear(): void {
    this.bySurface.clear();
  }
}
