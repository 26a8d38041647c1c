import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, parseConfig } from "./config";

describe("parseConfig", () => {
  it("embeds defaults: port 3000, SQLite and local files under ./data", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      s3: null,
      secureCookies: false,
      logLevel: "info",
      logFormat: "auto",
      trustProxy: ["loopback"],
      readFiles: true,
      activityRetentionDays: 365,
    });
    expect(parseConfig({ READ_FILES: "false" }).readFiles).toBe(false);
    expect(parseConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(parseConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(() => parseConfig({ LOG_FORMAT: "yaml" })).toThrow(ConfigError);
    expect(parseConfig({ ACTIVITY_RETENTION_DAYS: "90" }).activityRetentionDays).toBe(90);
    expect(() => parseConfig({ ACTIVITY_RETENTION_DAYS: "7" })).toThrow(ConfigError);
    expect(config.database).toEqual({ kind: "sqlite", file: path.resolve("data", "portal.db") });
  });

  it("switches to PostgreSQL and S3, and makes cookies Secure behind https", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://u:p@db:5432/portal",
      PUBLIC_URL: "https://portal.example.org/",
      S3_BUCKET: "cccm-files",
      S3_ENDPOINT: "https://s3.example.org",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u:p@db:5432/portal" });
    expect(config.publicUrl).toBe("https://portal.example.org");
    expect(config.secureCookies).toBe(true);
    expect(config.s3).toMatchObject({
      bucket: "cccm-files",
      endpoint: "https://s3.example.org",
      region: "us-east-1",
      forcePathStyle: true,
    });
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "", S3_BUCKET: "" })).toMatchObject({
      port: 3000,
      s3: null,
      database: { kind: "sqlite" },
    });
  });

  it("trusts the load balancers listed in TRUST_PROXY, and refuses anything else", () => {
    expect(parseConfig({ TRUST_PROXY: " 10.0.0.0/8, loopback,2001:db8::/32 ,192.0.2.10" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
      "2001:db8::/32",
      "192.0.2.10",
    ]);
    // A hop count or "true" would believe whatever a client claims; a bad prefix is a typo.
    for (const bad of ["true", "1", "10.0.0.0/33", "lb.example.org", "10.0.0.1/8/2", "2001:db8::/129", ","]) {
      expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("lists every invalid value with its name", () => {
    try {
      parseConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", PUBLIC_URL: "ftp://x", LOG_LEVEL: "loud", S3_FORCE_PATH_STYLE: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      for (const name of ["PORT", "DATABASE_URL", "PUBLIC_URL", "LOG_LEVEL", "S3_FORCE_PATH_STYLE"]) expect(problems).toContain(name);
    }
  });
});

describe("configWarnings", () => {
  it("warns at start when PUBLIC_URL is unset in production, and only then", () => {
    const [warning, ...rest] = configWarnings(parseConfig({ NODE_ENV: "production" }));
    expect(warning).toMatch(/PUBLIC_URL is unset/);
    expect(rest).toEqual([]);
    expect(configWarnings(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://portal.example.org" }))).toEqual([]);
    expect(configWarnings(parseConfig({ NODE_ENV: "development" }))).toEqual([]);
    expect(configWarnings(parseConfig({ NODE_ENV: "test" }))).toEqual([]);
  });
});
