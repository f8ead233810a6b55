/**
 * The list of parts as they leave the parser: index, model-clock time, source offset, type and a
 * one-line summary; a click shows the part's JSON.
 */
import type { A2uiClientAction } from '@a2ui/web_core/v0_9';
import { isPlaceholderId, type A2uiMessage, type Part } from '../src/index.js';
import type { PartRecord } from './replay.js';

/** Rows kept in the list; later parts are counted, not drawn (the list stays responsive). */
const MAX_ROWS = 2_000;

/** One line about a message: its kind, surface and what it carries. */
export function describeMessage(message: A2uiMessage): string {
  const kind = Object.keys(message).find((key) => key !== 'version') ?? '?';
  const body = ((message as Readonly<Record<string, unknown>>)[kind] ?? {}) as Record<string, unknown>;
  const surface = typeof body.surfaceId === 'string' ? ` ${body.surfaceId}` : '';
  if (Array.isArray(body.components)) {
    const ids = body.components.map((component) => String((component as { id?: unknown }).id));
    const loading = ids.filter((id) => isPlaceholderId(id)).length;
    return `${kind}${surface}: ${ids.length} component${ids.length === 1 ? '' : 's'}${loading ? ` (${loading} loading_)` : ''} ${ids.slice(0, 6).join(', ')}${ids.length > 6 ? ', …' : ''}`;
  }
  if (typeof body.path === 'string') return `${kind}${surface} ${body.path}`;
  return `${kind}${surface}`;
}

/** One line about a part. */
export function describePart(part: Part): string {
  if (part.type === 'text') return JSON.stringify(part.text.length > 60 ? `${part.text.slice(0, 60)}…` : part.text);
  if (part.type === 'error') return `${part.error.category}: ${part.error.message}`;
  return part.messages.map(describeMessage).join(' · ');
}

/** One line about a user action: its name, where it came from and its context. */
export function describeAction(action: A2uiClientAction): string {
  const context = Object.keys(action.context ?? {}).length > 0 ? ` ${JSON.stringify(action.context)}` : '';
  return `${action.name} from ${action.surfaceId}/${action.sourceComponentId}${context}`;
}

/**
 * The parts table: a row per part (up to {@link MAX_ROWS}), and a click shows a part's JSON in
 * `detail`. A user action of a surface gets a row too, its JSON shown at once: what an app would
 * send to its agent.
 */
export class PartsPanel {
  private rows = 0;
  private hidden = 0;
  private readonly records: (PartRecord | { action: A2uiClientAction })[] = [];

  constructor(
    private readonly body: HTMLTableSectionElement,
    private readonly more: HTMLElement,
    private readonly detail: HTMLElement,
  ) {
    body.addEventListener('click', (event) => {
      const row = (event.target as Element).closest('tr');
      const record = row ? this.records[Number(row.dataset.index)] : undefined;
      if (record)
        this.detail.textContent = 'action' in record ? JSON.stringify({ action: record.action }, null, 2) : JSON.stringify(record.part, partReplacer, 2);
    });
  }

  clear(): void {
    this.rows = 0;
    this.hidden = 0;
    this.records.length = 0;
    this.body.replaceChildren();
    this.more.textContent = '';
    this.detail.textContent = '';
  }

  add(record: PartRecord): void {
    if (this.rows >= MAX_ROWS) {
      this.more.textContent = `… and ${++this.hidden} more parts (not listed)`;
      return;
    }
    this.records[this.rows] = record;
    const row = this.body.insertRow();
    row.dataset.index = String(this.rows++);
    row.className = record.part.type;
    for (const cell of [String(record.index), `${Math.round(record.at)}`, String(record.offset), record.part.type, describePart(record.part)]) {
      row.insertCell().textContent = cell;
    }
  }

  /** A row for a user action (after the parts so far), its JSON shown in `detail`. */
  addAction(action: A2uiClientAction): void {
    this.records[this.rows] = { action };
    const row = this.body.insertRow();
    row.dataset.index = String(this.rows++);
    row.className = 'action';
    for (const cell of ['', '', '', 'action', describeAction(action)]) row.insertCell().textContent = cell;
    this.detail.textContent = JSON.stringify({ action }, null, 2);
    row.scrollIntoView({ block: 'nearest' });
  }
}

/** Errors as their category, message and details (an `Error`'s fields are not enumerable). */
function partReplacer(key: string, value: unknown): unknown {
  if (key === 'error' && value instanceof Error) {
    const { category, details, line, column, offset } = value as Error & Record<string, unknown>;
    return { category, message: value.message, details, line, column, offset };
  }
  return value;
}
