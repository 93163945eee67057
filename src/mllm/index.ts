/**
 * What other parts may use of src/mllm: the policy interface and the types it speaks, backbone
 * configs and keys, chat-model providers, accounting. Imports across parts come here
 * (.dependency-cruiser.cjs, part-interfaces).
 */
export { callRecord, summarizeCalls } from "./accounting.ts";
export { checkBackboneType, createPolicy, registerBackbone } from "./backbone-registry.ts";
export type { MemoryCandidate, RawInteraction } from "./candidate.ts";
export type { ChatMessage, ChatModel } from "./chat-model.ts";
export { ChatModelError } from "./chat-model.ts";
export type { Prices } from "./config.ts";
export { BackboneConfig } from "./config.ts";
export type { CallExchange } from "./exchange.ts";
export { describeExchange, exchangeImageBytes, imageHash } from "./exchange.ts";
export { BackboneConfigError, checkBackboneReady, rememberKeysOf } from "./keys.ts";
export type {
  CallRecord,
  Decision,
  GroundInput,
  GroundOutput,
  HighLevelInput,
  HighLevelOutput,
  Holding,
  LowLevelInput,
  LowLevelOutput,
  MemorizeInput,
  MemorizeOutput,
  MemoryMode,
  Policy,
  ReplyInput,
  ReplyOutput,
  ReplyRequirement,
  SceneGraphRoom,
} from "./policy.ts";
export { BackboneError } from "./policy.ts";
export { chatModelFor, providerTypes, registerProvider } from "./providers.ts";
export { checkReplyInput } from "./reply-input.ts";
export { retryAfterMs } from "./retry.ts";
