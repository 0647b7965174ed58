// Where the Do-not-call page lives: its forms post below this path.
export const DNC_PATH = "/console/do-not-call";
