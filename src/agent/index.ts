// Scaffold: this entry point is being built (see the open issues); its API is exported from here.
export {};
