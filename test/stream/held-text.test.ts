import { describe, expect, it } from 'vitest';
import { HeldText } from '../../src/stream/held-text.js';

describe('HeldText', () => {
  it('holds what a string would, for random pieces and drops', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 50; round++) {
      const held = new HeldText(10_000);
      let model = '';
      let from = 0;
      let end = 0;
      for (let step = 0; step < 300; step++) {
        if (random(3) > 0) {
          const piece = 'abcdefghij'.slice(0, 1 + random(10)).repeat(1 + random(3));
          held.add(piece);
          model += piece;
          end += piece.length;
        } else {
          const offset = random(end + 5);
          held.dropTo(offset);
          if (offset > from) {
            const to = Math.min(offset, end);
            model = model.slice(to - from);
            from = to;
          }
        }
        expect(held.from).toBe(from);
      }
      expect(held.text).toBe(model);
    }
  });

  it('gives nothing back once it held more than its bound, even after a drop', () => {
    const held = new HeldText(8);
    held.add('12345');
    held.add('6789');
    held.dropTo(9);
    held.add('x');
    expect(held.text).toBeUndefined();
  });
});
