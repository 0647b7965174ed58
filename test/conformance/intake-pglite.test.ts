// The intake contract against the real server on PGlite, through fetch and the SDK (its twin file runs the other backend).
import { intakeContract } from "../suites/intake-contract.ts";

intakeContract("pglite");
