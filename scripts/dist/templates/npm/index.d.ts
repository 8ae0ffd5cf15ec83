// CloserSpec's vector set @PROFILE@ @VERSION@ (specs/distribution.md §"npm").
export declare const PROFILE: string;
export declare const VERSION: string;
export declare const MANIFEST_SHA256: string;

/** One file's entry in MANIFEST.json (specs/vectors.md §Manifest). */
export interface ManifestEntry {
  sha256: string;
  numberOfTests: number;
  invalidTests: number;
}

export interface Manifest {
  vectorSetVersion: string;
  profile?: string;
  numberOfTests: number;
  files: Record<string, ManifestEntry>;
}

/** A packaged file is not the published one. */
export declare class DigestMismatchError extends Error {
  readonly file: string;
}

export declare function manifest(): Manifest;
export declare function listSuites(): string[];
/** A parsed suite file (specs/vectors.md §File); throws RangeError for an unknown name. */
export declare function loadSuite(name: string): Record<string, unknown>;
