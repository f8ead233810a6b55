import { describe, expect, it } from 'vitest';
import type { A2uiError } from '../../src/errors.js';
import { ExpressLexer } from '../../src/express/lexer.js';
import type { Token } from '../../src/express/tokens.js';

function lex(chunks: readonly string[]): { tokens: string[]; errors: string[] } {
  const tokens: string[] = [];
  const errors: string[] = [];
  const lexer = new ExpressLexer({
    token: (t: Token) => tokens.push(`${t.kind}:${t.text}@${t.offset}:${t.line}`),
    error: (e: A2uiError) => errors.push(`${e.message}@${e.offset}`),
  });
  for (const chunk of chunks) lexer.push(chunk);
  lexer.end();
  return { tokens, errors };
}

/** The same tokens and errors at every cut into two, into three around each position, and per character. */
function invariant(input: string) {
  const whole = lex([input]);
  for (let at = 0; at <= input.length; at++) {
    expect(lex([input.slice(0, at), input.slice(at)]), `cut at ${at}`).toEqual(whole);
    if (at + 1 <= input.length) expect(lex([input.slice(0, at), input.slice(at, at + 1), input.slice(at + 1)])).toEqual(whole);
  }
  expect(lex([...input]), '1-char chunks').toEqual(whole);
  return whole;
}

describe('ExpressLexer', () => {
  it('reads every token kind the same at every chunk boundary', () => {
    const input = [
      'root = Column([a, b_2], _, null, true, false) ; x=-12.50',
      '$/user/first_name = "say \\"hi\\"\\n\\tnow\\\\ \\u0041"',
      't = """one "two" ""three"" \\""" four"""',
      'r1 = r"C:\\temp\\n" r2 = R"""raw "" \\n"""',
      'c = ?required ?len2($, $rel/x)',
      '# comment "not a string"',
      '// another /* not block',
      '/* block * / still */ e = {k: 1, "k-2": ar"x"}',
      '```express',
      'after = 1',
    ].join('\n');
    const { tokens, errors } = invariant(input);
    expect(errors).toEqual([]);
    expect(tokens).toContain('number:-12.50@50:1');
    expect(tokens).toContain('string:say "hi"\n\tnow\\ \\u0041@77:2');
    expect(tokens).toContain('string:one "two" ""three"" """ four@110:3');
    expect(tokens).toContain('string:C:\\temp\\n@151:4');
    expect(tokens).toContain('string:raw "" \\n@169:4');
    expect(tokens).toContain('path:/user/first_name@57:2');
    expect(tokens).toContain('check:len2@200:5');
    expect(tokens).toContain('path:@206:5');
    expect(tokens).toContain('skip:_@24:1');
    expect(tokens).toContain('ident:ar@306:8');
    expect(tokens.filter((t) => t.startsWith('ident:after'))).toHaveLength(1);
    expect(tokens.some((t) => t.includes('not a string') || t.includes('not block'))).toBe(false);
  });

  it('reports characters no rule admits and goes on', () => {
    const { tokens, errors } = invariant('a = @Text("x") 5. b');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("Unexpected character '@'");
    expect(errors[1]).toContain("Expected a digit after '5.'");
    expect(tokens).toContain('ident:Text@5:1');
    expect(tokens).toContain('ident:b@18:1');
  });

  it('reports a string left open and a raw string broken by a newline', () => {
    expect(invariant('a = "open').errors).toEqual(['Line 1: Unterminated string at the end of the block@4']);
    const raw = invariant('a = r"x\nb = 1');
    expect(raw.errors[0]).toContain('A raw string cannot span lines');
    expect(raw.tokens).toContain('ident:b@8:2');
  });

  it('reads "" as an empty string and """ as the start of a triple string', () => {
    expect(invariant('a = "" b = """"""').tokens).toEqual(['ident:a@0:1', '=:=@2:1', 'string:@4:1', 'ident:b@7:1', '=:=@9:1', 'string:@11:1']);
  });
});
