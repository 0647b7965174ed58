// The intake contract against the real server on PostgreSQL, through fetch and the SDK (its twin file runs the other backend).
import { intakeContract } from "../suites/intake-contract.ts";

intakeContract("postgres");
