/** Node options the server and the import CLI run with (see server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
