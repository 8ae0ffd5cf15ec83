// Types for replay-core.mjs (used by the TypeScript emulator test).

export interface VectorRequest {
  auth: { uid: string } | null;
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  path: string;
  data: Record<string, unknown> | null;
  existing: Record<string, unknown> | null;
  world: Record<string, Record<string, unknown>>;
}

export interface Vector {
  tcId: number;
  comment: string;
  flags: string[];
  result: 'valid' | 'invalid';
  invariant: string;
  provenance: 'stated' | 'inferred' | 'configuration';
  request: VectorRequest;
  expected: {
    allow: boolean;
    violations: string[];
    findings: { invariant: string; field: string; code: string }[];
  };
}

export interface ValueFactories {
  timestamp(seconds: number, nanoseconds: number): unknown;
  bytes(base64: string): unknown;
  reference(path: string): unknown;
  geoPoint(latitude: number, longitude: number): unknown;
}

export interface ReplayPlan {
  seed: { path: string; data: Record<string, unknown> }[];
  uid: string | null;
  operation: { method: VectorRequest['method']; path: string; data: Record<string, unknown> | null };
}

export function loadVectors(
  file: string,
  options?: { skipFlags?: string[]; onlyTcIds?: number[] | null },
): { suite: { numberOfTests: number; configuration: unknown }; tests: Vector[] };
export function parseTimestamp(text: string): { seconds: number; nanoseconds: number };
export function decodeValue(value: unknown, make: ValueFactories): any;
export function planReplay(request: VectorRequest): ReplayPlan;
export function optionsFromEnv(env: Record<string, string | undefined>): {
  skipFlags: string[];
  onlyTcIds: number[] | null;
};
