// What the chat tells the person about the model behind an answer; stored in the answer's
// metadata, so it is still there after a reload.

export type ModelNotice =
  /** The thread's model is no longer offered by its endpoint: the default answered instead. */
  | { kind: "model_fallback"; requestedModelId: string; modelId: string }
  /** The model refuses tools: it saw the project instructions and index but could open nothing. */
  | { kind: "tools_unsupported"; modelId: string };

export interface ModelMetadata {
  modelId: string;
  notices: ModelNotice[];
  /** The model was not shown this turn's images (known text-only, or refused them). */
  imagesOmitted?: true;
}
