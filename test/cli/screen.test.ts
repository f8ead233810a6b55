import { describe, expect, it } from 'vitest';
import { Screen } from '../../src/cli/screen.js';

const screen = (columns: number | undefined, rows?: number) => new Screen({ columns, rows, write: () => true } as never);

describe('Screen', () => {
  it('lays lines out for 80 columns when the width is unknown or 0, else for the width', () => {
    expect(screen(undefined).width).toBe(79);
    expect(screen(0).width).toBe(79);
    expect(screen(120).width).toBe(119);
    expect(screen(10).width).toBe(20);
  });

  it('draws 24 rows when the height is unknown or 0', () => {
    let out = '';
    const s = new Screen({
      columns: 80,
      rows: 0,
      write: (text: string) => {
        out += text;
        return true;
      },
    } as never);
    s.draw(
      'header',
      Array.from({ length: 40 }, (_, i) => ({ text: `line ${i}`, placeholder: false })),
    );
    expect(out.match(/line \d+/g)).toHaveLength(22);
  });
});
