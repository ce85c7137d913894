/** Something the operator must act on (a non-empty target, a damaged backup, a missing tool), said plainly. */
export class BackupError extends Error {}
