import type { LanguageModelMiddleware } from "ai";
import { isToolsUnsupportedError } from "./detect-tools-unsupported";

// Wraps a run's model: a call with tools that the server refuses because the model cannot
// take tools is made once more without them, and with the system prompt that does not
// describe them, so the person still gets an answer. Every call with tools reports whether
// the model took them, which the caller remembers for later runs.

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware["wrapStream"]>>[0]["params"];

export function retryWithoutTools({
  systemWithoutTools,
  onToolSupport,
}: {
  systemWithoutTools: string;
  onToolSupport: (supported: boolean) => void;
}): LanguageModelMiddleware {
  return {
    wrapStream: async ({ doStream, params, model }) => {
      if (!params.tools?.length) return doStream();
      try {
        const result = await doStream();
        onToolSupport(true);
        return result;
      } catch (error) {
        if (!isToolsUnsupportedError(error)) throw error;
        onToolSupport(false);
        return model.doStream(withoutTools(params, systemWithoutTools));
      }
    },
  };
}

function withoutTools(params: CallOptions, system: string): CallOptions {
  return {
    ...params,
    tools: undefined,
    toolChoice: undefined,
    prompt: params.prompt.map((message) => (message.role === "system" ? { ...message, content: system } : message)),
  };
}
