/**
 * Provider streams written for these tests from each provider's documented event format (the
 * shapes of the events, with our own content). `text` is what the adapter must pass on.
 */
export interface Recording {
  name: string;
  sse: string;
  text: string;
}

const reply = 'Hé! <a2ui-json>[{"v":"✓ 日本"}]</a2ui-json> 👋🏽';
const [r1, r2, r3, r4] = ['Hé! <a2ui-json>[{"v":"', '✓ 日', '本"}]</a2ui-json>', ' 👋🏽'];
const json = (value: unknown) => JSON.stringify(value);

const chatChunk = (content: string | undefined, finish: string | null = null) =>
  `data: ${json({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-x',
    choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

export const openAIChat: Recording = {
  name: 'OpenAI Chat Completions',
  sse:
    `data: ${json({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n` +
    chatChunk(r1) +
    chatChunk(r2) +
    ': keep-alive comment\n\n' +
    chatChunk(r3) +
    chatChunk(r4) +
    chatChunk(undefined, 'stop') +
    `data: ${json({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [], usage: { total_tokens: 9 } })}\n\n` +
    'data: [DONE]\n\n',
  text: reply,
};

/** Two choices (`n: 2`), CRLF line ends. */
export const openAIChatTwoChoices: Recording = {
  name: 'OpenAI Chat Completions, n=2, CRLF',
  sse:
    `data: ${json({
      choices: [
        { index: 0, delta: { content: 'first ' } },
        { index: 1, delta: { content: 'second ' } },
      ],
    })}\r\n\r\n` +
    `data: ${json({ choices: [{ index: 1, delta: { content: 'two' } }] })}\r\n\r\n` +
    `data: ${json({ choices: [{ index: 0, delta: { content: 'one' } }] })}\r\n\r\n` +
    'data: [DONE]\r\n\r\n',
  text: 'first one',
};

export const openAIChatError: Recording = {
  name: 'OpenAI Chat Completions error',
  sse: chatChunk('partial ') + `data: ${json({ error: { message: 'The server had an error.', type: 'server_error', param: null, code: null } })}\n\n`,
  text: 'partial ',
};

let sequence = 0;
const responsesEvent = (type: string, fields: Record<string, unknown> = {}) =>
  `event: ${type}\ndata: ${json({ type, sequence_number: sequence++, ...fields })}\n\n`;
const textDelta = (delta: string) => responsesEvent('response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta });

export const openAIResponses: Recording = {
  name: 'OpenAI Responses',
  sse:
    responsesEvent('response.created', { response: { id: 'resp_1', status: 'in_progress' } }) +
    responsesEvent('response.output_item.added', { output_index: 0, item: { id: 'msg_1', type: 'message' } }) +
    responsesEvent('response.content_part.added', { item_id: 'msg_1', part: { type: 'output_text', text: '' } }) +
    textDelta(r1) +
    textDelta(r2) +
    textDelta(r3) +
    textDelta(r4) +
    responsesEvent('response.output_text.done', { item_id: 'msg_1', text: reply }) +
    responsesEvent('response.completed', { response: { id: 'resp_1', status: 'completed' } }) +
    textDelta('after the end'),
  text: reply,
};

export const openAIResponsesFailed: Recording = {
  name: 'OpenAI Responses failed',
  sse:
    textDelta('so far') +
    responsesEvent('response.failed', {
      response: { id: 'resp_1', status: 'failed', error: { code: 'server_error', message: 'Something went wrong' } },
    }),
  text: 'so far',
};

export const openAIResponsesError: Recording = {
  name: 'OpenAI Responses error event',
  sse: responsesEvent('error', { code: 'rate_limit_exceeded', message: 'Slow down', param: null }),
  text: '',
};

const anthropicEvent = (type: string, fields: Record<string, unknown> = {}) => `event: ${type}\ndata: ${json({ type, ...fields })}\n\n`;
const anthropicText = (text: string) => anthropicEvent('content_block_delta', { index: 1, delta: { type: 'text_delta', text } });

export const anthropic: Recording = {
  name: 'Anthropic Messages',
  sse:
    anthropicEvent('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } }) +
    anthropicEvent('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }) +
    anthropicEvent('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } }) +
    anthropicEvent('content_block_stop', { index: 0 }) +
    anthropicEvent('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }) +
    anthropicEvent('ping') +
    anthropicText(r1) +
    anthropicText(r2) +
    anthropicText(r3) +
    anthropicText(r4) +
    anthropicEvent('content_block_stop', { index: 1 }) +
    anthropicEvent('content_block_start', { index: 2, content_block: { type: 'tool_use', id: 't', name: 'f', input: {} } }) +
    anthropicEvent('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '{"a":' } }) +
    anthropicEvent('content_block_stop', { index: 2 }) +
    anthropicEvent('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 15 } }) +
    anthropicEvent('message_stop') +
    anthropicText('after the end'),
  text: reply,
};

export const anthropicError: Recording = {
  name: 'Anthropic error event',
  sse: anthropicText('partial') + anthropicEvent('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
  text: 'partial',
};

const geminiChunk = (parts: unknown[], extra: Record<string, unknown> = {}) =>
  `data: ${json({ candidates: [{ content: { parts, role: 'model' }, index: 0, ...extra }], modelVersion: 'gemini-x' })}\r\n\r\n`;

export const gemini: Recording = {
  name: 'Gemini streamGenerateContent alt=sse',
  sse:
    geminiChunk([{ text: 'thinking about it', thought: true }]) +
    geminiChunk([{ text: r1 }]) +
    geminiChunk([{ text: r2 }, { text: r3 }]) +
    geminiChunk([{ text: r4 }], { finishReason: 'STOP' }) +
    `data: ${json({ candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: { totalTokenCount: 20 } })}\r\n\r\n`,
  text: reply,
};

export const geminiError: Recording = {
  name: 'Gemini error',
  sse: geminiChunk([{ text: 'partial' }]) + `data: ${json({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } })}\r\n\r\n`,
  text: 'partial',
};

export const geminiBlocked: Recording = {
  name: 'Gemini blocked prompt',
  sse: `data: ${json({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 3 } })}\r\n\r\n`,
  text: '',
};

const agUiEvent = (type: string, fields: Record<string, unknown> = {}) => `data: ${json({ type, ...fields })}\n\n`;

export const agUi: Recording = {
  name: 'AG-UI',
  sse:
    agUiEvent('RUN_STARTED', { threadId: 't1', runId: 'r1' }) +
    agUiEvent('TEXT_MESSAGE_START', { messageId: 'm1', role: 'assistant' }) +
    agUiEvent('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: r1 }) +
    agUiEvent('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: r2 }) +
    agUiEvent('STATE_DELTA', { delta: [] }) +
    agUiEvent('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: r3 }) +
    agUiEvent('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: r4 }) +
    agUiEvent('TEXT_MESSAGE_END', { messageId: 'm1' }) +
    agUiEvent('TEXT_MESSAGE_START', { messageId: 'm2', role: 'assistant' }) +
    agUiEvent('TEXT_MESSAGE_CONTENT', { messageId: 'm2', delta: ' More.' }) +
    agUiEvent('TEXT_MESSAGE_END', { messageId: 'm2' }) +
    agUiEvent('RUN_FINISHED', { threadId: 't1', runId: 'r1' }) +
    agUiEvent('TEXT_MESSAGE_CONTENT', { messageId: 'm3', delta: 'after the run' }),
  text: reply,
};

export const agUiError: Recording = {
  name: 'AG-UI run error',
  sse: agUiEvent('TEXT_MESSAGE_CHUNK', { messageId: 'm1', delta: 'partial' }) + agUiEvent('RUN_ERROR', { message: 'Agent crashed', code: 'AGENT_ERROR' }),
  text: 'partial',
};
