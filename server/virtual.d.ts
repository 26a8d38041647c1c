// Provided by React Router's Vite plugin at build time: the compiled routes and entry.
declare module "virtual:react-router/server-build";
