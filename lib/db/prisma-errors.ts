// Prisma's known request errors carry a stable code; these name the ones the domain maps.

function prismaCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return prismaCode(error) === "P2002";
}

export function isRecordNotFound(error: unknown): boolean {
  return prismaCode(error) === "P2025";
}

export function isForeignKeyViolation(error: unknown): boolean {
  return prismaCode(error) === "P2003";
}
