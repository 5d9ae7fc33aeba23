import { InvalidToolInputError, NoSuchToolError, ToolCallRepairError } from "ai";

// A bad tool call is the model's mistake within a run that goes on: the SDK answers it with
// a tool error and the model tries again. It must not mark the run failed, and the text
// shown for it is one readable line, not the SDK's dump of the input and schema issues.

export function isToolCallError(error: unknown): boolean {
  return (
    InvalidToolInputError.isInstance(error) ||
    NoSuchToolError.isInstance(error) ||
    ToolCallRepairError.isInstance(error)
  );
}

export function describeToolCallError(error: unknown): string {
  if (NoSuchToolError.isInstance(error)) return `There is no tool named ${JSON.stringify(error.toolName)}.`;
  if (InvalidToolInputError.isInstance(error))
    return `The input for ${error.toolName} is not valid JSON of the expected shape.`;
  return "The tool call could not be understood.";
}
