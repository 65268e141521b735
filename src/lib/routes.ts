/** The route table lives in `contract/routes.ts` (shared with the server); kept for older importers. */
export * from '../../contract/routes.ts';
