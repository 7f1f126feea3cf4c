// Types of scripts/marketplace-readme.mjs.
export const DROPPED: string[];
export function marketplaceReadme(text: string): string;
export function anchorOf(title: string): string;
