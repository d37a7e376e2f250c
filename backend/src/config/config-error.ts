// A config.toml that cannot be used: the file, the line when known, and why.
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number | null = null
  ) {
    super(line === null ? `${file}: ${message}` : `${file}:${line}: ${message}`)
    this.name = 'ConfigError'
  }
}
