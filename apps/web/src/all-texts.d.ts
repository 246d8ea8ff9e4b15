// build/all-texts.ts: a locale file whole, as a module of its own.
declare module 'virtual:all-texts/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
