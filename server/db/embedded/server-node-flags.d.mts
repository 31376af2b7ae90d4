/** Node options the server and the import CLI run with (see server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** Environment variables (glibc's malloc tunables) the server and the import CLI start with (see server-node-flags.mjs). */
export declare const SERVER_MALLOC_ENV: Readonly<Record<string, string>>;
/** The words of `env NAME=value… node <flags…>` that scripts/server-node.sh runs; throws Error for a value the shell would split or expand. */
export declare function launchWords(): string[];
