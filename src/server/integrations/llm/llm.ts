// A language model behind any OpenAI-compatible chat-completions endpoint: OpenAI,
// Ollama, llama.cpp's server, vLLM... Off until LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set;
// the advisor answers without it. The model only chooses tools and words: every number it says
// comes from the tools' results. Spoken through the official `openai` SDK with `baseURL`.
import OpenAI from 'openai'
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions'

export type LlmConfig = { baseUrl: string; apiKey: string; model: string }

export type LlmMessage = ChatCompletionMessageParam

/** A function the model may call: name, what it does, and its arguments as JSON Schema. */
export type LlmTool = { name: string; description: string; parameters: Record<string, unknown> }

export type LlmToolCall = { id: string; name: string; arguments: string }

/** One turn of the model: text, or tool calls (or both). */
export type LlmTurn = { content: string; toolCalls: LlmToolCall[] }

export type LlmClient = {
  model: string
  /**
   * One chat-completions call. With `onText` the answer is streamed and each piece of text is
   * passed on as it arrives; the whole turn is returned either way.
   */
  complete(messages: LlmMessage[], tools: LlmTool[], onText?: (text: string) => void): Promise<LlmTurn>
}

export class LlmError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LlmError'
  }
}

const toTools = (tools: LlmTool[]): ChatCompletionTool[] =>
  tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }))

export function openAiCompatibleClient(config: LlmConfig, options: { timeoutMs?: number } = {}): LlmClient {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: options.timeoutMs ?? 60_000, maxRetries: 1 })
  return {
    model: config.model,
    async complete(messages, tools, onText) {
      const base = { model: config.model, messages, ...(tools.length > 0 ? { tools: toTools(tools), tool_choice: 'auto' as const } : {}) }
      try {
        if (!onText) {
          const res = await client.chat.completions.create({ ...base, stream: false })
          const message = res.choices[0]?.message
          return {
            content: message?.content ?? '',
            toolCalls: (message?.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [])),
          }
        }
        const stream = await client.chat.completions.create({ ...base, stream: true })
        let content = ''
        // tool calls arrive in pieces keyed by their index: id and name first, arguments in parts
        const calls = new Map<number, LlmToolCall>()
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta
          if (!delta) continue
          if (delta.content) {
            content += delta.content
            onText(delta.content)
          }
          for (const part of delta.tool_calls ?? []) {
            const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' }
            if (part.id) call.id = part.id
            if (part.function?.name) call.name += part.function.name
            if (part.function?.arguments) call.arguments += part.function.arguments
            calls.set(part.index, call)
          }
        }
        return { content, toolCalls: [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c) }
      } catch (error) {
        const status = error instanceof OpenAI.APIError ? ` (${String(error.status ?? 'no answer')})` : ''
        throw new LlmError(`The language model could not be reached${status}`)
      }
    },
  }
}
