/// <reference types="vite/client" />
// Vite's client types: CSS side-effect imports and import.meta.env in web/.
