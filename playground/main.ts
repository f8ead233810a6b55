/**
 * The playground page: pick a recorded response (or paste/drop one), its A2UI format (JSON or
 * Express), set pace, chunk size, snapshot mode, version and renderer, and watch the conversation
 * drawn by the renderer, the parts as they leave the parser, and the figures. Settings live in the
 * URL (`?response=demo&format=express&version=0.9&snapshots=delta&cps=400&chunk=16&renderer=lit&
 * autoplay=1`), so that a run can be shared or
 * scripted. The first screen shows a hint and loads no renderer; the chosen renderer's module is
 * loaded in a task of its own (docs/decisions.md, G4).
 */
import { basicCatalog, type Part, type ProtocolVersion } from '../src/index.js';
import { sseFeed, textFeed, type Feed } from './feed.js';
// The helper's own module, not the entry: the entry would bring the Lit renderer into the first screen.
import { loadIconFont } from '../src/lit/icons.js';
import { Figures, type FigureValues } from './figures.js';
import { PartsPanel } from './parts-panel.js';
import { Player, pageClock } from './player.js';
import { RENDERER_LABELS, loadRenderer, type Renderer } from './renderer.js';
import { Replay, timeAt, type PartRecord } from './replay.js';
import { ADAPTERS, FORMAT_LABELS, RECORDED, guessFormat, recordedSource, type SourceFormat } from './responses.js';
import { SourceView } from './source-view.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const controls = {
  response: $<HTMLSelectElement>('response'),
  format: $<HTMLSelectElement>('format'),
  version: $<HTMLSelectElement>('version'),
  snapshots: $<HTMLSelectElement>('snapshots'),
  cps: $<HTMLInputElement>('cps'),
  chunk: $<HTMLInputElement>('chunk'),
  renderer: $<HTMLSelectElement>('renderer'),
};
const play = $<HTMLButtonElement>('play');
const scrubber = $<HTMLInputElement>('scrubber');
const conversation = $('conversation');
const note = $('note');
const hint = $('hint');
const own = { text: $<HTMLTextAreaElement>('own-text'), format: $<HTMLSelectElement>('own-format') };
const OWN = 'own';

const panel = new PartsPanel($<HTMLTableSectionElement>('parts'), $('parts-more'), $('detail'));
const sourceView = new SourceView($('source-text'));
let renderer: Renderer | undefined;
const figures = new Figures(
  () => renderer?.hasDrawnSurface() ?? false,
  () => showFigures(),
);

for (const group of new Set(RECORDED.map((recorded) => recorded.group))) {
  const optgroup = Object.assign(document.createElement('optgroup'), { label: group });
  for (const recorded of RECORDED.filter((entry) => entry.group === group)) optgroup.append(new Option(recorded.label, recorded.id));
  controls.response.append(optgroup);
}
controls.response.append(new Option('Your own (pasted or dropped)', OWN));
for (const [format, label] of Object.entries(FORMAT_LABELS)) own.format.append(new Option(label, format));
for (const [kind, label] of Object.entries(RENDERER_LABELS)) controls.renderer.append(new Option(label, kind));

const params = new URLSearchParams(location.search);
for (const [name, control] of Object.entries(controls)) {
  const value = params.get(name);
  if (value !== null && name !== 'response') control.value = value;
}
controls.response.value = RECORDED.some((recorded) => recorded.id === params.get('response')) ? (params.get('response') as string) : 'demo';

let custom: { text: string; format: SourceFormat } | undefined;
let current: { feed: Feed; player: Player; bytesAt: number[]; version: ProtocolVersion } | undefined;
let counts = { text: 0, a2ui: 0, error: 0, messages: 0, renderErrors: 0 };
/** Where the current replay's parts go; closed when the replay ends (the skeletons go then). */
let output: { writer: WritableStreamDefaultWriter<Part>; closed: boolean } | undefined;
let loads = 0;

/**
 * Reads the controls, builds the feed and a player for it; plays at once when `autoplay`. When the
 * source is the one already loaded (pace, chunk size or snapshot mode changed), the new replay is
 * scrubbed to where the old one was.
 */
async function load(autoplay: boolean): Promise<void> {
  const load = ++loads;
  current?.player.pause();
  document.body.dataset.state = 'loading';
  const version = controls.version.value as ProtocolVersion;
  const snapshots = controls.snapshots.value === 'full' ? 'full' : 'delta';
  const charsPerSecond = Math.max(1, Number(controls.cps.value) || 400);
  const chunk = Math.max(1, Math.floor(Number(controls.chunk.value) || 16));
  saveSettings();
  const mount = await loadRenderer(controls.renderer.value === 'react' ? 'react' : 'lit');
  if (load !== loads) return; // a newer load started meanwhile
  const recorded = RECORDED.find((entry) => entry.id === controls.response.value);
  const notation = controls.format.value === 'express' ? 'express' : 'json';
  const written = recorded ? recordedSource(recorded, version, notation) : undefined;
  const { text, format } = custom && !recorded ? custom : { text: written?.text ?? '', format: recorded?.format ?? 'text' };
  const unwritten =
    written && written.notation !== notation
      ? version === '0.8'
        ? 'v0.8 has no Express: the response is replayed in JSON.'
        : 'This recording is replayed as it was recorded, in JSON (it has no Express form).'
      : '';
  const feed = format === 'text' ? textFeed(text, chunk) : await sseFeed(text, chunk, ADAPTERS[format]);
  if (load !== loads) return; // a newer load started while this one read its SSE
  const bytesAt = utf8Offsets(feed);
  sourceView.show(feed.source);
  const resumeAt = current && current.feed.source === feed.source ? offsetOf(current.feed, current.player.replay.position) : 0;
  const start = () => {
    if (output && !output.closed) void output.writer.abort().catch(() => undefined);
    renderer = mount(conversation, version, { onRenderError: () => counts.renderErrors++, onAction: (action) => panel.addAction(action) });
    note.textContent = [unwritten, renderer.unsupported ?? ''].filter((line) => line !== '').join(' ');
    const writer = renderer.sink.getWriter();
    output = { writer, closed: false };
    panel.clear();
    figures.reset();
    counts = { text: 0, a2ui: 0, error: 0, messages: 0, renderErrors: 0 };
    const onPart = (record: PartRecord) => {
      void writer.write(record.part).catch(() => undefined);
      panel.add(record);
      counts[record.part.type]++;
      if (record.part.type === 'a2ui') counts.messages += record.part.messages.length;
      if (record.part.type === 'text') figures.sawText();
    };
    return new Replay(feed, { catalogs: basicCatalog(version), snapshots, charsPerSecond, onPart });
  };
  const player: Player = new Player(start, charsPerSecond, pageClock, () => showPosition(player));
  current = { feed, player, bytesAt, version };
  scrubber.max = String(feed.pieces.length);
  if (resumeAt > 0) {
    player.seek(feed.pieces.findIndex((piece) => piece.end >= resumeAt) + 1);
    figures.unmeasured();
  }
  showPosition(player);
  if (autoplay) startPlaying();
}

/** Where the source stands after `position` pieces. */
function offsetOf(feed: Feed, position: number): number {
  return position === 0 ? 0 : (feed.pieces[position - 1]?.end ?? 0);
}

function startPlaying(): void {
  if (!current) return;
  if (current.player.replay.done) figures.reset();
  figures.playing();
  current.player.play();
}

/** UTF-8 length of the source up to the end of each piece (index 0: nothing fed). */
function utf8Offsets(feed: Feed): number[] {
  const encoder = new TextEncoder();
  const offsets = [0];
  let bytes = 0;
  let from = 0;
  for (const piece of feed.pieces) {
    bytes += encoder.encode(feed.source.slice(from, piece.end)).length;
    from = piece.end;
    offsets.push(bytes);
  }
  return offsets;
}

function showPosition(player: Player): void {
  if (!current || current.player !== player) return;
  const { feed, bytesAt } = current;
  const position = player.replay.position;
  if (player.replay.done && output && !output.closed) {
    output.closed = true;
    void output.writer.close().catch(() => undefined);
  }
  const offset = offsetOf(feed, position);
  sourceView.mark(offset);
  const cps = Math.max(1, Number(controls.cps.value) || 400);
  scrubber.value = String(position);
  $('position').textContent =
    `piece ${position} / ${feed.pieces.length} · offset ${offset} / ${feed.source.length} · ${Math.round(player.time)} / ${Math.round(timeAt(feed.source.length, cps))} ms`;
  $('fig-bytes').textContent = `${bytesAt[position] ?? 0} / ${bytesAt.at(-1) ?? 0}`;
  play.textContent = player.playing ? 'Pause' : 'Play';
  hint.hidden = position > 0 || player.playing;
  const state = player.playing ? 'playing' : player.replay.done ? 'done' : 'paused';
  if (document.body.dataset.state === 'playing' && state !== 'playing') figures.stopped();
  document.body.dataset.state = state;
  showFigures();
}

const ms = (value: number | undefined, unmeasured: string) => (value === undefined ? unmeasured : `${Math.round(value)} ms`);

function showFigures(values: FigureValues = figures.values): void {
  const measured = figures.measuring ? '—' : 'not measured (scrubbed or paused)';
  $('fig-first-text').textContent = ms(values.firstText, measured);
  $('fig-first-paint').textContent = ms(values.firstPaint, measured);
  $('fig-parts').textContent = `${counts.text + counts.a2ui + counts.error} (${counts.text} / ${counts.a2ui} / ${counts.error})`;
  $('fig-messages').textContent = String(counts.messages);
  $('fig-long-task').textContent = !figures.measuresTasks
    ? 'not reported by this browser'
    : values.longTasks === 0
      ? 'none ≥ 50 ms'
      : `${Math.round(values.longestTask ?? 0)} ms (${values.longTasks} tasks ≥ 50 ms)`;
  $('fig-long-frame').textContent = ms(values.longestFrame, '—');
  $('fig-render-errors').textContent = String(counts.renderErrors);
}

function saveSettings(): void {
  const query = new URLSearchParams();
  for (const [name, control] of Object.entries(controls)) query.set(name, control.value);
  if (location.search !== `?${query}`) history.replaceState(null, '', `?${query}`);
}

function useOwn(text: string): void {
  own.text.value = text;
  own.format.value = guessFormat(text);
  custom = { text, format: own.format.value as SourceFormat };
  controls.response.value = OWN;
  void load(true);
}

play.addEventListener('click', () => {
  if (current?.player.playing) current.player.pause();
  else startPlaying();
});
$('restart').addEventListener('click', () => {
  current?.player.seek(0);
  figures.reset();
  startPlaying();
});
scrubber.addEventListener('input', () => {
  current?.player.seek(Number(scrubber.value));
  if (Number(scrubber.value) > 0) figures.unmeasured();
  showFigures();
});
for (const control of Object.values(controls)) {
  control.addEventListener('change', () => void load(current?.player.playing ?? false));
}
$('own-use').addEventListener('click', () => useOwn(own.text.value));
own.format.addEventListener('change', () => {
  if (!custom) return;
  custom = { text: custom.text, format: own.format.value as SourceFormat };
  void load(current?.player.playing ?? false);
});
document.addEventListener('dragover', (event) => {
  event.preventDefault();
  document.body.classList.add('dragging');
});
document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
document.addEventListener('drop', (event) => {
  event.preventDefault();
  document.body.classList.remove('dragging');
  const file = event.dataTransfer?.files[0];
  if (file) void file.text().then(useOwn);
});

// The first screen (controls and the hint) is painted before anything else runs: then the icon
// font, the renderer's module and the response, each in tasks of their own.
requestAnimationFrame(() =>
  setTimeout(() => {
    void loadIconFont('./fonts/material-symbols-outlined.woff2').catch((error: unknown) => (note.textContent = `The icon font did not load: ${String(error)}`));
    void load(params.get('autoplay') === '1');
  }),
);
