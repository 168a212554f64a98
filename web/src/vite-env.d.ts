interface ImportMetaEnv {
  /** True only in the local stack's build (mode `local-stack`, web/vite.config.ts): the test checkout page exists there. */
  readonly LOCAL_TEST_CHECKOUT: boolean;
}
