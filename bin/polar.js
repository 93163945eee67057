#!/usr/bin/env node
// Runs the TypeScript sources directly: no build step between a clone and a working CLI.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
